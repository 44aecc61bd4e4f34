import { ContainerModule } from 'inversify';
import { ApproveAdjustment } from '../../application/inventory/approve-adjustment.js';
import { CreateProduct } from '../../application/inventory/create-product.js';
import { GetLowStockSummary } from '../../application/inventory/get-low-stock-summary.js';
import { ListAdjustments } from '../../application/inventory/list-adjustments.js';
import { ListProducts } from '../../application/inventory/list-products.js';
import { ListStockLedger } from '../../application/inventory/list-stock-ledger.js';
import { RejectAdjustment } from '../../application/inventory/reject-adjustment.js';
import { RequestAdjustment } from '../../application/inventory/request-adjustment.js';
import { UpdateProduct } from '../../application/inventory/update-product.js';
import { TOKENS } from '../../application/tokens.js';
import { bindGroup, bindUseCase } from './bind.js';

const { UnitOfWork, IdGenerator, Clock } = TOKENS;

/** Products, stock adjustment requests, the stock ledger and the low-stock summary. */
export const inventoryModule = new ContainerModule(({ bind }) => {
  bindUseCase(bind, TOKENS.CreateProduct, CreateProduct, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.ListProducts, ListProducts, [UnitOfWork]);
  bindUseCase(bind, TOKENS.UpdateProduct, UpdateProduct, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.RequestAdjustment, RequestAdjustment, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.ListAdjustments, ListAdjustments, [UnitOfWork]);
  bindUseCase(bind, TOKENS.GetLowStockSummary, GetLowStockSummary, [UnitOfWork]);
  bindUseCase(bind, TOKENS.ApproveAdjustment, ApproveAdjustment, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.RejectAdjustment, RejectAdjustment, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.ListStockLedger, ListStockLedger, [UnitOfWork]);

  bindGroup(bind, TOKENS.InventoryUseCases, {
    requestAdjustment: TOKENS.RequestAdjustment,
    listAdjustments: TOKENS.ListAdjustments,
    lowStockSummary: TOKENS.GetLowStockSummary,
  });
  bindGroup(bind, TOKENS.InventoryBackOffice, {
    approveAdjustment: TOKENS.ApproveAdjustment,
    rejectAdjustment: TOKENS.RejectAdjustment,
    listAdjustments: TOKENS.ListAdjustments,
    listStockLedger: TOKENS.ListStockLedger,
  });
});
