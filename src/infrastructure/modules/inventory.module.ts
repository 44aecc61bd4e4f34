import { ContainerModule } from 'inversify';
import { ApproveAdjustment } from '../../application/inventory/approve-adjustment.js';
import { CreateProduct } from '../../application/inventory/create-product.js';
import { GetLowStockSummary } from '../../application/inventory/get-low-stock-summary.js';
import { GetProduct } from '../../application/inventory/get-product.js';
import { GetAdjustment, GetAdjustmentForBackOffice } from '../../application/inventory/get-adjustment.js';
import { ListAdjustments } from '../../application/inventory/list-adjustments.js';
import { ListProducts } from '../../application/inventory/list-products.js';
import { ListStockLedger } from '../../application/inventory/list-stock-ledger.js';
import {
  AdminCreatePurchaseOrder,
  CancelPurchaseOrder,
  CreatePurchaseOrder,
  ListPurchaseOrders,
} from '../../application/inventory/purchase-orders.js';
import { ReceiveGoods } from '../../application/inventory/receive-goods.js';
import { RejectAdjustment } from '../../application/inventory/reject-adjustment.js';
import { RequestAdjustment } from '../../application/inventory/request-adjustment.js';
import {
  CommitReservation,
  ExpireReservations,
  GetReservation,
  ReleaseReservation,
} from '../../application/inventory/reservation-lifecycle.js';
import { ReserveStock } from '../../application/inventory/reserve-stock.js';
import {
  GetGoodsReceipt,
  GetPurchaseOrder,
  GetTransfer,
  ListGoodsReceipts,
  ListReservations,
  ListTransfers,
} from '../../application/inventory/stock-documents.js';
import { TransferStock } from '../../application/inventory/transfer-stock.js';
import { UpdateProduct } from '../../application/inventory/update-product.js';
import { TOKENS } from '../../application/tokens.js';
import { bindGroup, bindUseCase } from './bind.js';

const { UnitOfWork, IdGenerator, Clock } = TOKENS;

/**
 * Products, stock adjustment requests, the stock ledger, the low-stock summary, and the
 * roadmap's transfers, reservations (and their expiry sweep), purchase orders and receipts.
 */
export const inventoryModule = new ContainerModule(({ bind }) => {
  bindUseCase(bind, TOKENS.CreateProduct, CreateProduct, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.ListProducts, ListProducts, [UnitOfWork]);
  bindUseCase(bind, TOKENS.UpdateProduct, UpdateProduct, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.RequestAdjustment, RequestAdjustment, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.ListAdjustments, ListAdjustments, [UnitOfWork]);
  bindUseCase(bind, TOKENS.GetAdjustment, GetAdjustment, [UnitOfWork]);
  bindUseCase(bind, TOKENS.GetAdjustmentForBackOffice, GetAdjustmentForBackOffice, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.GetLowStockSummary, GetLowStockSummary, [UnitOfWork]);
  bindUseCase(bind, TOKENS.ApproveAdjustment, ApproveAdjustment, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.RejectAdjustment, RejectAdjustment, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.ListStockLedger, ListStockLedger, [UnitOfWork]);
  bindUseCase(bind, TOKENS.GetProduct, GetProduct, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.TransferStock, TransferStock, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.ReserveStock, ReserveStock, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.GetReservation, GetReservation, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.CommitReservation, CommitReservation, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.ReleaseReservation, ReleaseReservation, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.ExpireReservations, ExpireReservations, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.CreatePurchaseOrder, CreatePurchaseOrder, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.AdminCreatePurchaseOrder, AdminCreatePurchaseOrder, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.ListPurchaseOrders, ListPurchaseOrders, [UnitOfWork]);
  bindUseCase(bind, TOKENS.CancelPurchaseOrder, CancelPurchaseOrder, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.ReceiveGoods, ReceiveGoods, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.GetPurchaseOrder, GetPurchaseOrder, [UnitOfWork]);
  bindUseCase(bind, TOKENS.ListReservations, ListReservations, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.ListTransfers, ListTransfers, [UnitOfWork]);
  bindUseCase(bind, TOKENS.GetTransfer, GetTransfer, [UnitOfWork]);
  bindUseCase(bind, TOKENS.ListGoodsReceipts, ListGoodsReceipts, [UnitOfWork]);
  bindUseCase(bind, TOKENS.GetGoodsReceipt, GetGoodsReceipt, [UnitOfWork]);

  bindGroup(bind, TOKENS.InventoryUseCases, {
    listProducts: TOKENS.ListProducts,
    updateProduct: TOKENS.UpdateProduct,
    requestAdjustment: TOKENS.RequestAdjustment,
    listAdjustments: TOKENS.ListAdjustments,
    getAdjustment: TOKENS.GetAdjustment,
    lowStockSummary: TOKENS.GetLowStockSummary,
    createProduct: TOKENS.CreateProduct,
    getProduct: TOKENS.GetProduct,
    transferStock: TOKENS.TransferStock,
    reserveStock: TOKENS.ReserveStock,
    getReservation: TOKENS.GetReservation,
    commitReservation: TOKENS.CommitReservation,
    releaseReservation: TOKENS.ReleaseReservation,
    createPurchaseOrder: TOKENS.CreatePurchaseOrder,
    listPurchaseOrders: TOKENS.ListPurchaseOrders,
    receiveGoods: TOKENS.ReceiveGoods,
  });
  bindGroup(bind, TOKENS.InventoryBackOffice, {
    approveAdjustment: TOKENS.ApproveAdjustment,
    rejectAdjustment: TOKENS.RejectAdjustment,
    listAdjustments: TOKENS.ListAdjustments,
    getAdjustment: TOKENS.GetAdjustmentForBackOffice,
    listStockLedger: TOKENS.ListStockLedger,
    createPurchaseOrder: TOKENS.AdminCreatePurchaseOrder,
    cancelPurchaseOrder: TOKENS.CancelPurchaseOrder,
  });
  bindGroup(bind, TOKENS.InventoryViews, {
    listProducts: TOKENS.ListProducts,
    getProduct: TOKENS.GetProduct,
    listPurchaseOrders: TOKENS.ListPurchaseOrders,
    getPurchaseOrder: TOKENS.GetPurchaseOrder,
    listReservations: TOKENS.ListReservations,
    getReservation: TOKENS.GetReservation,
    listTransfers: TOKENS.ListTransfers,
    getTransfer: TOKENS.GetTransfer,
    listGoodsReceipts: TOKENS.ListGoodsReceipts,
    getGoodsReceipt: TOKENS.GetGoodsReceipt,
  });
});
